/** Gradebook tables (the spec's "tables", decision 024): plain values for the web without zod. */
export const TABLE_COLUMN_TYPES = ["text", "number"] as const;
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number];

export const TABLE_ACCESS_LEVELS = ["public", "private"] as const;
export type TableAccessLevel = (typeof TABLE_ACCESS_LEVELS)[number];

/** Spec 000 §9: default type grade; default columns Student (text) and Score (number). */
export const DEFAULT_TABLE_TYPE = "grade";
export const DEFAULT_TABLE_COLUMNS: { name: string; type: TableColumnType }[] = [
  { name: "Student", type: "text" },
  { name: "Score", type: "number" },
];

export const TABLE_LIMITS = {
  name: 120,
  description: 1000,
  type: 40,
  columns: 30,
  columnName: 60,
  textCell: 500,
  /** The largest mark a number column takes when it names no "out of". */
  number: 1000,
  /** Cells in one PUT /tables/{id}/cells. */
  cellsPerSave: 500,
} as const;

export const TABLE_MESSAGES = {
  name: "Table name is required",
  nameTooLong: `Table name must be at most ${TABLE_LIMITS.name} characters`,
  descriptionTooLong: `Description must be at most ${TABLE_LIMITS.description} characters`,
  type: `Type must be 1 to ${TABLE_LIMITS.type} characters`,
  columns: `A table has 1 to ${TABLE_LIMITS.columns} columns`,
  columnName: `Every column needs a name of at most ${TABLE_LIMITS.columnName} characters`,
  columnType: "Column type must be text or number",
  columnKey: "Column key must be 1 to 20 letters, digits, - or _",
  duplicateColumn: "Column names must all be different",
  duplicateKey: "Column keys must all be different",
  unknownKey: "A column names a key this table does not have",
  firstColumnText: "The first column names the student: it must be a text column",
  outOf: "Out of must be a number from 1 to 1000",
  accessLevel: "Access level must be public or private",
  notFound: "Table not found",
  manageOnlyAdmin: "Only admins can create, change or delete tables",
  cells: `Send 1 to ${TABLE_LIMITS.cellsPerSave} cells`,
  unknownColumn: "No such column in this table",
  studentColumn: "The Student column shows the student's name and cannot be edited",
  notInTable: "This student is not in this table",
  numberCell: "Marks must be numbers with at most two decimals",
  textCell: `Text must be at most ${TABLE_LIMITS.textCell} characters`,
  deleteConfirm: "Are you sure you want to delete this table?",
  loadFailed: "Failed to load tables",
  saveFailed: "Failed to save the marks",
  exportFailed: "Failed to export data. Please try again.",
} as const;

/** The largest mark a number column accepts. */
export const columnMax = (c: { outOf: number | null }) => c.outOf ?? TABLE_LIMITS.number;

/** "Mark must be between 0 and 20" for a column out of 20. */
export const markRangeMessage = (c: { name: string; outOf: number | null }) => `${c.name}: marks must be between 0 and ${columnMax(c)}`;
