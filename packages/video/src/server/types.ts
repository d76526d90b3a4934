export type { ChartCountry, ChartType, VideoType } from '../schemas.js';
export type { GeoCode as GeoCodeOf } from '@socialquery/core';
