export * from './auth.ts';
export * from './menu-search.ts';
export * from './messages.ts';
export * from './page-title.ts';
export * from './rights.ts';
export * from './roles.ts';
export * from './ui.ts';
export * from './validation.ts';
