/** What went wrong, in one line for a log or an operator: an Error's message, or whatever else was thrown. */
export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
