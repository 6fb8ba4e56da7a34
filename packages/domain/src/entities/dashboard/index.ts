/** The dashboard (统计看板): no entity of its own, the answers of its calls. */
export * from './answers';
