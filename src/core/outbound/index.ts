// The outbound HTTP client: the only module allowed to make HTTP requests (see
// test/outbound-only.test.ts). Photos, feeds and webhooks call createOutbound(...).fetch().
export { OutboundError, isOutboundError, type OutboundErrorCode } from './errors.js';
export { isPublicAddress, judgeAddress } from './address.js';
export {
  createOutbound,
  DEFAULT_USER_AGENT,
  type Outbound,
  type OutboundOptions,
  type OutboundRequest,
  type OutboundResponse,
} from './fetcher.js';
export { checkUrl, redirectStep, type OutboundMethod } from './policy.js';
