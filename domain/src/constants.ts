/**
 * Plain values both sides share, with no zod import, so the web's student pages can use them
 * without downloading the schema library. Schemas in contracts/ are built from these.
 */
// One module per area, re-exported here: a bundler places each in the chunk of the pages that use
// it, so the entry chunk does not carry every feature's messages (decision 011, the 150 KB budget).
export * from "./constants/core";
export * from "./constants/quiz";
export * from "./constants/course";
export * from "./constants/attempt";
export * from "./constants/accounts";
export * from "./constants/bank";
export * from "./constants/grading";
export * from "./constants/late-answers";
export * from "./constants/admin";
export * from "./constants/enrolment";
