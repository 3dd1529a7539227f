// Loaded by providers.tsx when the first notification is shown: the container, its transitions and its styles.
import "@mantine/notifications/styles.css";
export { Notifications } from "@mantine/notifications";
