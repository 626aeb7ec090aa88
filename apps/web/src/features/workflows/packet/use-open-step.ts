import { useMutation } from '@tanstack/react-query';
import { fetchPacketStatus, type PacketAccess } from './packet-api';
import { openStepAddress } from './packet-navigation';

/**
 * Opens one DUE step of the caller's packet: a fresh link is asked for (`open_step_id`: links are
 * never minted by a mere read) and its page opened. The mutation's variable is the step id.
 */
export function useOpenStep(access: PacketAccess) {
  return useMutation({
    mutationFn: async (stepId: string) => {
      const answer = await fetchPacketStatus(access, { open_step_id: stepId });
      const url = answer.steps.find((step) => step.step_id === stepId)?.open_url;
      if (!url) throw new Error('This step cannot be opened right now. Try again later.');
      return url;
    },
    onSuccess: (url) => openStepAddress(url),
  });
}
