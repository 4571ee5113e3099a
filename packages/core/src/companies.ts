export const COMPANY_STATUSES = ['active', 'disabled'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_NAME_MAX = 120;

export const COMPANY_SORTABLE = ['name', 'type', 'status', 'user_count', 'created_at'] as const;
