import { useEffect, useState } from "react";
import { Select, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { STUDENT_TYPE_LABELS, STUDENT_TYPES, type StudentType } from "@adesua/domain/constants";
import type { User } from "@adesua/domain";
import { classLabel } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { FormDialog } from "@/components/form-dialog";
import { useChangeClass } from "../api/users";

/** Moves a student to another level or class (stream): "JHS 1B" (issue 24). */
export function ClassDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const change = useChangeClass();
  const [level, setLevel] = useState<StudentType | null>(null);
  const [stream, setStream] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setLevel(user?.studentType ?? "jhs1");
    setStream(user?.stream ?? "");
    setError(null);
  }, [user]);

  async function save() {
    if (!user || !level) return;
    try {
      const saved = await change.mutateAsync({ id: user.id, studentType: level, stream: stream || null });
      notifications.show({ color: "green", message: `${saved.name} is now in ${classLabel(saved.studentType, saved.stream)}` });
      onClose();
    } catch (err) {
      setError(errorText(err, "Could not change the class"));
    }
  }

  return (
    <FormDialog
      opened={!!user}
      onClose={onClose}
      title={user ? `Class of ${user.name}` : "Class"}
      onSubmit={() => void save()}
      error={error}
      errorAt="start"
      submitLabel="Save"
      busy={change.isPending}
    >
      <ClassFields level={level} onLevel={setLevel} stream={stream} onStream={setStream} focusStream />
    </FormDialog>
  );
}

/**
 * A student's level and class letter (the B of "JHS 1B"): the letter is kept to capitals. When adding a user the
 * letter is optional; when changing a class, empty means none.
 */
export function ClassFields({
  level,
  onLevel,
  stream,
  onStream,
  optional,
  focusStream,
}: {
  level: StudentType | null;
  onLevel: (level: StudentType | null) => void;
  stream: string;
  onStream: (stream: string) => void;
  optional?: boolean;
  focusStream?: boolean;
}) {
  const example = `e.g. B for ${level ? STUDENT_TYPE_LABELS[level] : "JHS 1"}B`;
  return (
    <>
      <Select
        label="Level"
        data={STUDENT_TYPES.map((s) => ({ value: s, label: STUDENT_TYPE_LABELS[s] }))}
        value={level}
        onChange={(v) => onLevel(v as StudentType | null)}
        allowDeselect={false}
      />
      <TextInput
        label="Class (stream)"
        description={optional ? `Optional: the letter of the class, ${example}` : `The letter of the class, ${example}; empty for none`}
        value={stream}
        maxLength={10}
        onChange={(e) => onStream(e.currentTarget.value.replace(/[^A-Za-z]/g, "").toUpperCase())}
        data-autofocus={focusStream || undefined}
      />
    </>
  );
}
