export * from "./contracts/common";
export * from "./contracts/user";
export * from "./contracts/audit";
export * from "./contracts/health";
export * from "./rules/greeting";
export * from "./rules/roles";
export * from "./rules/quiz-availability";
