process.env.SOCIALQUERY_TEST_STORE = 'postgres';
