import type { ApplicationJourneyStep } from '@hiram/contract/api/application';
import { createContext } from 'react';

/**
 * The application step a screen is, when it is opened as one (the app layer says so; step-progress.tsx
 * shows it): the same bank screen opened to change an account after a failed payout is no step. Its own
 * module, free of the contract's schemas, because the router on Home's first load provides it.
 */
export const ApplicationStepContext = createContext<ApplicationJourneyStep | null>(null);
