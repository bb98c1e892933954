// The installation's usage report: API calls counted per month.
export { UsageCounter, type MonthUsage, type UsageCounterOptions, type UsageSummary } from './usage-counter';
