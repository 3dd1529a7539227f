/** The API path of the n-th picture (from 1) of a question (bank or quiz): GET /questions/{id}/images/{n}. */
export const questionImagePath = (questionId: number, n: number) => `/questions/${questionId}/images/${n}`;
