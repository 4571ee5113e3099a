export const PROJECT_STATUSES = ['draft', 'published'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/**
 * A row of the project list is a single project or a whole series: a series stands for its
 * episodes, which its own page lists.
 */
export const PROJECT_LIST_KINDS = ['single', 'series'] as const;
export type ProjectListKind = (typeof PROJECT_LIST_KINDS)[number];

export const PROJECT_LIST_SORTABLE = ['title', 'updated_at', 'created_at'] as const;
/** Newest change first unless the viewer sorts otherwise. */
export const PROJECT_LIST_DEFAULT_SORT = '-updated_at';
