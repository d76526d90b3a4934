import { mapAlbum } from './import-spotify.js';

const album = (release: Record<string, unknown>) => ({
  id: '4aawyAB9vmqN3uQ7FjRGTy',
  name: 'Global Warming',
  album_type: 'album',
  artists: [{ id: '0TnOYISbd1XYRBk9myaseg', name: 'Pitbull' }],
  ...release,
});

function albumRelease(release: Record<string, unknown>) {
  const { values } = mapAlbum(album(release)).rows[0]!;
  if (!('release_precision' in values)) throw new Error('expected the album row first');
  return { date: values.release_date, precision: values.release_precision, at: values.released_at };
}

describe('spotify-web-api albums: the release date and the precision the source states', () => {
  it('keeps year and month precision, the date at the first moment of what is known', () => {
    expect(albumRelease({ release_date: '1981', release_date_precision: 'year' })).toEqual({
      date: '1981',
      precision: 'year',
      at: Date.UTC(1981, 0, 1),
    });
    expect(albumRelease({ release_date: '1981-12', release_date_precision: 'month' })).toEqual({
      date: '1981-12',
      precision: 'month',
      at: Date.UTC(1981, 11, 1),
    });
    expect(albumRelease({ release_date: '1981-12-15', release_date_precision: 'day' })).toMatchObject({
      precision: 'day',
      at: Date.UTC(1981, 11, 15),
    });
  });

  it('takes the precision from the date when none is stated, and never a finer one than the date has', () => {
    expect(albumRelease({ release_date: '1981-12' }).precision).toBe('month');
    expect(albumRelease({ release_date: '1981', release_date_precision: 'day' }).precision).toBe('year');
    expect(albumRelease({ release_date: '1981-12-15', release_date_precision: 'year' }).precision).toBe('year');
  });
});
