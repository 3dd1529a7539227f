import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { notifications } from "@mantine/notifications";
import { setApiHandlers } from "../lib/api";
import { RESTORE_FAILED, restoreFailedOrPending, useAuth } from "../lib/auth";
import { queryClient } from "./providers";

/** Connects the framework-free API client to navigation and notifications. */
export function ApiBridge() {
  const navigate = useNavigate();
  const { clearUser, setNotice } = useAuth();
  useEffect(() => {
    setApiHandlers({
      onUnauthorized: (ended) => {
        // A page's query can be refused before the background check of a restored session answers.
        const message = restoreFailedOrPending() ? RESTORE_FAILED : ended;
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
