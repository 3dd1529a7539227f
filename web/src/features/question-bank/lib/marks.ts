/** "1 mark", "2 marks", "1.5 marks". */
export const marksText = (marks: number) => `${marks} ${marks === 1 ? "mark" : "marks"}`;
