import { Stack } from "@mantine/core";
import { useAuth } from "@/lib/auth";
import { Greeting } from "@/components/greeting";
import { LogoutButton } from "@/components/logout-button";

export function TeacherHomePage() {
  const { user } = useAuth();
  return (
    <Stack>
      <Greeting name={user?.name ?? ""} subtitle="Welcome to your teaching dashboard." actions={<LogoutButton />} />
    </Stack>
  );
}

export function AdminHomePage() {
  const { user } = useAuth();
  return (
    <Stack>
      <Greeting name={user?.name ?? ""} subtitle="Welcome to the school administration dashboard." actions={<LogoutButton />} />
    </Stack>
  );
}
