import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "@/test/render";
import { NAVIGATE_FAILED, NewTabLink } from "./new-tab-link";

afterEach(() => vi.restoreAllMocks());

describe("a View Details link (new tab)", () => {
  it("opens the page in a new tab, cut off from this one", async () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, "open").mockReturnValue(tab);
    renderWithProviders(<NewTabLink href="/admin/dashboard/performance/quiz-details/4">View Details</NewTabLink>);
    await userEvent.click(screen.getByRole("link", { name: "View Details" }));
    expect(open).toHaveBeenCalledWith("/admin/dashboard/performance/quiz-details/4", "_blank");
    expect(tab.opener).toBeNull();
    expect(screen.queryByText(NAVIGATE_FAILED)).toBeNull();
  });

  it("says 'Failed to navigate' when the browser refuses the tab", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    renderWithProviders(<NewTabLink href="/teachers/dashboard/performance/quiz-details/4">View Details</NewTabLink>);
    await userEvent.click(screen.getByRole("link", { name: "View Details" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to navigate");
  });
});
