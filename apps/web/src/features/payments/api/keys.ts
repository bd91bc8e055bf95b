/** The query keys of one shop's money: a payout or a bounce changes them together. */
export const moneyKey = (shopId: string) => ['money', shopId] as const;

export const shopPath = (shopId: string) => `/shops/${encodeURIComponent(shopId)}`;
