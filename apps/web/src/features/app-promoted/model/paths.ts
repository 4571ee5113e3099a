/** Promoted Contents' addresses (spec §2). */
export const PROMOTED_LIST = '/app/promoted';
export const PROMOTED_SELECT = '/app/promoted/select';
