import { readTabValue, writeTabValue } from './tab-storage';

/*
 * Which packet a step's object (a document, a document request, a form submission) belongs to, as
 * this tab learnt it: from a `/workflow/{workflow_data_id}/` address or from the contact's packets
 * list. A signed-in caller's packet banner needs it (the server takes the bearer only with
 * `workflowdataid`). Not a secret; kept for the tab.
 */

const PREFIX = 'esigns.packet-of.';

export function rememberPacket(objectId: string, workflowDataId: string): void {
  if (objectId && workflowDataId) writeTabValue(PREFIX + objectId, workflowDataId);
}

export function packetOf(objectId: string | undefined): string | null {
  return objectId ? readTabValue(PREFIX + objectId) : null;
}
