export * from './schema';
export * from './records';
export * from './answers';
export * from './auth';
