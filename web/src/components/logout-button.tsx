import { Button, type ButtonProps } from "@mantine/core";
import { useNavigate } from "react-router";
import { useAuth } from "../lib/auth";

/** Ends the session on the server and goes to the login page. */
export function LogoutButton({ size, variant = "light" }: Pick<ButtonProps, "size" | "variant">) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      size={size}
      variant={variant}
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
