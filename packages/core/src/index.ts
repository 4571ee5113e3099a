/**
 * The root entry: every module of core, its rules and its zod schemas alike. A consumer that must
 * not carry zod (the player) imports the zod-free modules by their subpaths instead (package.json).
 */
export * from './activity.schema.ts';
export * from './activity.ts';
export * from './app-channel.schema.ts';
export * from './app-channel.ts';
export * from './auth.schema.ts';
export * from './auth.ts';
export * from './banner-kinds.ts';
export * from './companies.schema.ts';
export * from './companies.ts';
export * from './counter-format.ts';
export * from './figures.schema.ts';
export * from './figures.ts';
export * from './ids.schema.ts';
export * from './ids.ts';
export * from './media.schema.ts';
export * from './media.ts';
export * from './menu-search.ts';
export * from './messages.ts';
export * from './mm-ss.ts';
export * from './page-title.ts';
export * from './paging.schema.ts';
export * from './paging.ts';
export * from './plot-banner.ts';
export * from './plot-edits.ts';
export * from './plot-tree.ts';
export * from './plot-validation.ts';
export * from './plot.schema.ts';
export * from './plot.ts';
export * from './project-list.schema.ts';
export * from './project-list.ts';
export * from './projects.schema.ts';
export * from './projects.ts';
export * from './publishing.schema.ts';
export * from './publishing.ts';
export * from './rights.ts';
export * from './roles.ts';
export * from './ui.ts';
export * from './users.schema.ts';
export * from './users.ts';
export * from './validation.schema.ts';
export * from './validation.ts';
