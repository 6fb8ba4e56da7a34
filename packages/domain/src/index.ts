export * from './define';
export * from './validators/index';
export * from './entities/index';
export * from './messages/index';
