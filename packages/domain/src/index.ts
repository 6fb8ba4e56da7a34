export * from './define';
export * from './lists';
export * from './validators/index';
export * from './entities/index';
export * from './messages/index';
export * from './contract/index';
/** Exact money: decimals, rounding, charge formulas, late fees, capital amounts (Money.computeCharge...). */
export * as Money from './money/index';
