export * from './define';
export * from './lists';
export * from './validators/index';
export * from './entities/index';
export * from './messages/index';
export * from './contract/index';
