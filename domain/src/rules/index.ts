/** Pure rules with no zod import: safe for the smallest web bundles. */
export * from "./greeting";
export * from "./roles";
export * from "./quiz-availability";
