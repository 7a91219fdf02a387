// Kept apart from the quiz code so that the page's browser code and tests read one value.

/** The spec's delay before the result's 'Well done!' alert. */
export const RESULT_ALERT_DELAY_SECONDS = 3;
