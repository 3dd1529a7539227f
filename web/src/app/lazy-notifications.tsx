// Loaded lazily by providers.tsx: the notification container and its transitions are not part of the first paint.
export { Notifications } from "@mantine/notifications";
