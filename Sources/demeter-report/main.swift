print("demeter-report")
