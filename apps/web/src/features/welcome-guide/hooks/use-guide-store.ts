import { create } from 'zustand';

interface GuideState {
  /** Opened by hand from the header, whatever the user's `guide_done`. */
  reopened: boolean;
  reopen: () => void;
  close: () => void;
}

/** Whether the guide was asked for again; not persisted, a reload starts closed. */
export const useGuideStore = create<GuideState>()((set) => ({
  reopened: false,
  reopen: () => set({ reopened: true }),
  close: () => set({ reopened: false }),
}));
