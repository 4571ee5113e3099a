import { OIDC_FLOW_MINUTES } from '@plotline/core';
import { z } from 'zod';
import { leavePageFor } from './leave-page.ts';

const POPUP_NAME = 'plotline-oidc';
const POPUP_FEATURES = 'popup,width=500,height=640';
/** This tab's provider flow under way, so that its result page knows the flow is its own. */
const FLOW_KEY = 'plotline:oidc-flow';

/** What a tab that goes to a provider itself (no popup) started. */
export interface ProviderFlow {
  /** A sign-in (the result page exchanges the handoff), or a signed-in user's link. */
  purpose: 'sign-in' | 'link';
  /** The studio page a link comes back to. */
  back: string | null;
}

const storedFlowSchema = z.object({
  purpose: z.enum(['sign-in', 'link']),
  back: z.string().nullable(),
  at: z.number(),
});

/**
 * Opens a provider's page (`popupPath`) in a popup; call it in the click itself, where a browser
 * allows a popup. Where popups are blocked, this tab remembers the flow as its own and goes to
 * `pagePath` itself. Answers the popup, or null when the tab is leaving.
 */
export function openProviderWindow(
  popupPath: string,
  pagePath: string,
  flow: ProviderFlow,
): Window | null {
  const popup = window.open(popupPath, POPUP_NAME, POPUP_FEATURES);
  if (popup) return popup;
  window.sessionStorage.setItem(FLOW_KEY, JSON.stringify({ ...flow, at: Date.now() }));
  leavePageFor(pagePath);
  return null;
}

/**
 * The flow this tab started at a provider, once (it is forgotten as it is read): null when it
 * started none within OIDC_FLOW_MINUTES. A result page opened from a link made elsewhere (a
 * sign-in CSRF) finds none, and redeems nothing.
 */
export function takeProviderFlow(): ProviderFlow | null {
  const stored = window.sessionStorage.getItem(FLOW_KEY);
  window.sessionStorage.removeItem(FLOW_KEY);
  if (stored === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  const flow = storedFlowSchema.safeParse(parsed);
  if (!flow.success || Date.now() - flow.data.at > OIDC_FLOW_MINUTES * 60_000) return null;
  return { purpose: flow.data.purpose, back: flow.data.back };
}
