import type { Announcement } from "@adesua/domain";
import type { AnnouncementRow } from "../../db/schema";

/** The fields an announcement shows; `content` goes out as the text it was stored as. */
export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    startDate: row.startDate ? row.startDate.toISOString() : null,
    endDate: row.endDate ? row.endDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
