export * from "./term";
export * from "./report";
