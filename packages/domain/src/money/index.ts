export * from './decimal';
export * from './expression';
export * from './charge';
export * from './late-fee';
export * from './capital';
