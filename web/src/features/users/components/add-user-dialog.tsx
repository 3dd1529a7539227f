import { useState, type FormEvent } from "react";
import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { ROLE_LABEL } from "@adesua/domain/rules";
import { type Role, type StudentType } from "@adesua/domain/constants";
import type { Slip } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { SlipDownloads } from "@/components/slip-downloads";
import { FormActions, FormError } from "@/components/form-actions";
import { useCreateUser } from "../api/users";
import { ClassFields } from "./class-dialog";

/** Add one user (admin): name, optional email, role, level for students; the answer is their slip. */
export function AddUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("student");
  const [level, setLevel] = useState<StudentType | null>("jhs1");
  const [stream, setStream] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [slip, setSlip] = useState<Slip | null>(null);

  function close() {
    setName("");
    setEmail("");
    setRole("student");
    setLevel("jhs1");
    setStream("");
    setError(null);
    setSlip(null);
    onClose();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError("Name is required");
    if (role === "student" && !level) return setError("Level is required for a student");
    setError(null);
    try {
      const student = role === "student";
      const r = await create.mutateAsync({
        name: name.trim(),
        email: email.trim() || undefined,
        role,
        studentType: student ? level! : undefined,
        stream: student && stream.trim() ? stream.trim() : undefined,
      });
      setSlip(r.slip);
    } catch (err) {
      setError(errorText(err, "Could not add the user"));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={slip ? `${slip.name} was added` : "Add user"} centered>
      {slip ? (
        <Stack>
          <TextInput label="Sign in with" value={slip.signIn} readOnly />
          <TextInput label="One-time password" value={slip.password} readOnly styles={{ input: { fontFamily: "monospace" } }} />
          <SlipDownloads slips={[slip]} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <FormError error={error} />
            <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
            <TextInput
              label="Email"
              description="Optional: without one, a sign-in name is made from the name"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Select
              label="Role"
              data={(["student", "teacher", "admin"] as Role[]).map((r) => ({ value: r, label: ROLE_LABEL[r] }))}
              value={role}
              onChange={(v) => v && setRole(v as Role)}
              allowDeselect={false}
            />
            {role === "student" && <ClassFields level={level} onLevel={setLevel} stream={stream} onStream={setStream} optional />}
            <FormActions onCancel={close} submitLabel="Add user" busy={create.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
