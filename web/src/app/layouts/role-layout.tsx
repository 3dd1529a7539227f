import { NavLink as RouterNavLink, Outlet, useLocation } from "react-router";
import { AppShell, Burger, Group, NavLink, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { ROLE_HOME, ROLE_LABEL } from "@adesua/domain/rules";
import { useAuth } from "@/lib/auth";
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from "../impersonation-banner";
import { LogoutButton } from "@/components/logout-button";
import type { NavItem } from "../nav";

const APP_BAR_HEIGHT = 56;

/** The shell every role area shares: header with the user, a navigation drawer on phones, a sidebar on desktops. */
export function RoleLayout({ nav, home, areaLabel }: { nav: NavItem[]; home: string; areaLabel: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user, impersonating } = useAuth();
  const location = useLocation();
  useEffect(close, [location.pathname, close]);
  const items = nav.filter((i) => !i.roles || (user && i.roles.includes(user.role)));
  // In an area whose home is not theirs (an admin on the teacher area's Tables), the logo leads to their own home.
  const homeTo = user && !items.some((i) => i.to === home) ? ROLE_HOME[user.role] : home;
  // The most specific entry wins, so "Upload Quiz" (quiz/upload) and "Quizzes" (quizzes) are never both lit.
  const activeTo = items
    .filter((i) => (i.to === home ? location.pathname === home : location.pathname === i.to || location.pathname.startsWith(`${i.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to;

  return (
    <AppShell
      header={{ height: APP_BAR_HEIGHT + (impersonating ? IMPERSONATION_BANNER_HEIGHT : 0) }}
      navbar={{ width: 230, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* Inside the fixed header, so the page never scrolls past it and nothing covers it. */}
        <ImpersonationBanner />
        <Group h={APP_BAR_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? "Close navigation" : "Open navigation"} />
            <UnstyledButton component={RouterNavLink} to={homeTo} aria-label="Adesua home">
              <Text fw={800} c="green.8" size="lg">
                Adesua
              </Text>
            </UnstyledButton>
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {areaLabel}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Text size="sm" visibleFrom="sm" truncate maw={220}>
                {user.name} · {ROLE_LABEL[user.role]}
              </Text>
            )}
            <LogoutButton size="xs" variant="default" />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        {/* A plain scrolling section: Mantine's ScrollArea (and the floating-ui it brings) would add ~12 KB to every first load. */}
        <AppShell.Section grow style={{ overflowY: "auto" }}>
          {items.map((i) => (
            <NavLink key={i.to} component={RouterNavLink} to={i.to} end={i.to === home} label={i.label} active={i.to === activeTo} />
          ))}
        </AppShell.Section>
        {user && (
          <AppShell.Section hiddenFrom="sm" pt="xs">
            <Text size="sm" c="dimmed" px="sm">
              Signed in as {user.name}
            </Text>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
