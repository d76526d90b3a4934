import { mapAlbum, mapEpisode } from './import-spotify.js';

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

describe('spotify-web-api episodes: the release date and its precision', () => {
  it('keeps what the episode states, as for albums', () => {
    const [row] = mapEpisode({
      id: '512ojhOuo1ktJprKbVcKyQ',
      name: 'An old one',
      release_date: '2009-06',
      release_date_precision: 'month',
      duration_ms: 1_000,
      show: { id: '38bS44xjbVVZ3No3ByF1dJ', name: 'A show', publisher: 'P' },
    });
    expect(row?.values).toMatchObject({
      release_date: '2009-06',
      release_precision: 'month',
      released_at: Date.UTC(2009, 5, 1),
    });
  });
});
