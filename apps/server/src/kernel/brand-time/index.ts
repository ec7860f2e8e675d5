/** Brand time: the brand's local day, week, month and reward periods, and one `DAY_MS`. */
export { brandDate, brandDayStart, brandPeriodStarts, brandTimeLabel, DAY_MS, periodAt, previousPeriod, type Period } from './time.ts';
export { dayRange, recordRange } from './ranges.ts';
