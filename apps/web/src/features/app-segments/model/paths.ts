/** Segment Management's addresses (spec §2), and the edit page of a custom segment. */
export const SEGMENT_PRESET = '/app/segment/preset';
export const SEGMENT_CUSTOM = '/app/segment/custom';
export const SEGMENT_ADD = '/app/segment/custom/add';

export function segmentEditAddress(id: number): string {
  return `${SEGMENT_CUSTOM}/${id}`;
}
