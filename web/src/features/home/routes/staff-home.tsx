import { Stack } from "@mantine/core";
import { useAuth } from "@/lib/auth";
import { Greeting } from "@/components/greeting";

export function TeacherHomePage() {
  const { user } = useAuth();
  return (
    <Stack>
      <Greeting name={user?.name ?? ""} subtitle="Welcome to your teaching dashboard." />
    </Stack>
  );
}
