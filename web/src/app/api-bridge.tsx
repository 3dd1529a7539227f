import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { notifications } from "@mantine/notifications";
import { setApiHandlers } from "../lib/api";
import { useAuth } from "../lib/auth";
import { queryClient } from "./providers";

/** Connects the framework-free API client to navigation and notifications. */
export function ApiBridge() {
  const navigate = useNavigate();
  const { clearUser, setNotice } = useAuth();
  useEffect(() => {
    setApiHandlers({
      onUnauthorized: (message) => {
        clearUser();
        queryClient.clear();
        setNotice(message);
        notifications.show({ id: "session-ended", color: "red", title: "Session ended", message });
        navigate("/login", { replace: true });
      },
      onForbidden: (message) => {
        notifications.show({ id: `forbidden-${message}`, color: "red", title: "Not allowed", message });
      },
    });
  }, [navigate, clearUser, setNotice]);
  return <Outlet />;
}
