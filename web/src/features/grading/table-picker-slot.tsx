/**
 * The slot for the gradebook table picker on Grades Management (the spec: "Teachers can pick a table";
 * issue 12's continuous-assessment gradebooks, built by the gradebooks feature). Features never import
 * each other: the app passes the picker in (web/src/app/routes.tsx); until it does, nothing shows.
 */
export type TablePickerSlotProps = { picker?: React.ComponentType | null };

export function TablePickerSlot({ picker: Picker }: TablePickerSlotProps) {
  return Picker ? <Picker /> : null;
}
