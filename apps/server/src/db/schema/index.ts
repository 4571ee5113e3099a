export * from './activity-log.ts';
export * from './auth.ts';
export * from './companies.ts';
export * from './users.ts';
