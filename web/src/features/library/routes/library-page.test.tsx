import { beforeEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderWithProviders } from "@/test/render";
import { LibraryPage } from "./library-page";

const teacher = {
  id: 2,
  name: "Ama Owusu",
  email: "ama@adesua.school",
  role: "teacher",
  studentType: null,
  hasPassword: true,
  createdAt: "2026-01-01T00:00:00Z",
};

describe("library page", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem("token", "t");
  });

  it("says the library is empty when nothing has been uploaded, and that nothing matches when a search finds nothing", async () => {
    mockApi({
      "GET /api/auth/me": [200, teacher],
      "GET /api/library": [200, { data: [], pagination: { total: 0, page: 1, limit: 20 } }],
    });
    renderWithProviders(<LibraryPage />);
    expect(await screen.findByText("The library is empty.")).toBeInTheDocument();
    expect(screen.getByText("Course materials and quiz PDFs appear here once they are uploaded.")).toBeInTheDocument();

    await userEvent.setup().type(screen.getByLabelText("Search"), "photosynthesis");
    expect(await screen.findByText("Nothing matches your search.", {}, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByTestId("library-item")).toBeNull();
  });
});
