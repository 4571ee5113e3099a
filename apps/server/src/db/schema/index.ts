export * from './activity-log.ts';
export * from './auth.ts';
export * from './companies.ts';
export * from './users.ts';
export * from './movie-contents.ts';
export * from './movies.ts';
export * from './series.ts';
export * from './movie-plots.ts';
