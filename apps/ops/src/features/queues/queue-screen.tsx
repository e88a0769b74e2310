import type { QueueId } from '@hiram/contract/ops/queues';
import type { ComponentType } from 'react';
import { paths } from '../../config/paths.ts';
import {
  DueSoonScreen,
  ExtensionsScreen,
  FailedPayoutsScreen,
  OverdueScreen,
  PaymentExceptionsScreen,
} from './loan-queues.tsx';
import { ProofsScreen } from './proofs-screen.tsx';
import { QUEUE_HOMES, type QueueScreenProps } from './queue-parts.tsx';

/**
 * Each queue's screen; a new queue adds its entry (the contract's QUEUES list names them), or an entry in
 * QUEUE_HOMES when another section's screen is its list.
 */
const QUEUE_SCREENS: Partial<Record<QueueId, ComponentType<QueueScreenProps>>> = {
  proofs: ProofsScreen,
  failedPayouts: FailedPayoutsScreen,
  paymentExceptions: PaymentExceptionsScreen,
  extensions: ExtensionsScreen,
  dueSoon: DueSoonScreen,
  overdue: OverdueScreen,
};

/** `#/queue?name=<queue>&...`: the queue's own screen, or a way back for an unknown name. */
export function QueueScreen({ params }: QueueScreenProps) {
  const name = params.get('name') ?? '';
  const Screen = Object.hasOwn(QUEUE_SCREENS, name) ? QUEUE_SCREENS[name as QueueId] : undefined;
  const home = QUEUE_HOMES[name as QueueId];
  if (!Screen && home)
    return (
      <p>
        This queue is listed on <a href={home}>its own screen</a>.
      </p>
    );
  if (!Screen)
    return (
      <p>
        No such queue. <a href={paths.home.getHref()}>Back to the queues</a>
      </p>
    );
  return <Screen key={name} params={params} />;
}
