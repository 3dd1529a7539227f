import { Button } from "@mantine/core";
import { useNavigate } from "react-router";
import { useAuth } from "../lib/auth";

export function LogoutButton() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="light"
      color="gray"
      onClick={async () => {
        await logout();
        navigate("/login", { replace: true });
      }}
    >
      Logout
    </Button>
  );
}
