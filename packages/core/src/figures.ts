/** The figures' default range, and the longest one asked at once. */
export const FIGURES_DEFAULT_DAYS = 30;
export const FIGURES_MAX_DAYS = 366;

/** The range's start after its end: the schema's refusal, and the server's when `to` is today. */
export const FIGURES_RANGE_BACKWARDS = 'The start date comes after the end date';
