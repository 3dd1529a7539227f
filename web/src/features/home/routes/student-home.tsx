import { Stack } from "@mantine/core";
import { useAuth } from "../../../lib/auth";
import { Greeting } from "../../../components/greeting";
import { LogoutButton } from "../../../components/logout-button";

export function StudentHomePage() {
  const { user } = useAuth();
  return (
    <Stack>
      <Greeting name={user?.name ?? ""} subtitle="Ready to learn today?" actions={<LogoutButton />} />
    </Stack>
  );
}
