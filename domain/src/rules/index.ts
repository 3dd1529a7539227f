/** Pure rules with no zod import: safe for the smallest web bundles. */
export * from "./greeting";
export * from "./roles";
export * from "./quiz-availability";
export * from "./grading";
export * from "./question-types";
export * from "./mathml";
export * from "./record-status";
export * from "./attempt-timing";
export * from "./personal-best";
export * from "./insights";
export * from "./performance";
export * from "./grade-bar";
export * from "./audit";
export * from "./score-visibility";
