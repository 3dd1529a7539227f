export * from "./mock";
export * from "./results";
