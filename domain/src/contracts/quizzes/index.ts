export * from "./quiz";
export * from "./question-types";
